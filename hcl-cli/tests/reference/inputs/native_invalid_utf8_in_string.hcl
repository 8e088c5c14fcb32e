name = "weÿb"
