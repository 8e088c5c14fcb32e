name = "web"
port = 1 + "x"
