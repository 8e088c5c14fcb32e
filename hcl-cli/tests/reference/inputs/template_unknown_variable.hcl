name = "${nope}"
