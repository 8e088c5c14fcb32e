name = "web"
port = "eighty"
tags = "public"
debug = "maybe"
limits = {a = "x"}
