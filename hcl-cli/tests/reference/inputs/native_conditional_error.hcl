name = "web"
port = true ? 1 : "x" + 1
