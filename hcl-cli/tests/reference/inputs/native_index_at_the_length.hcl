name = "web"
port = [1, 2][2]
