name = "web"
port = [for x in [1, 2] : x if x > "a"]
