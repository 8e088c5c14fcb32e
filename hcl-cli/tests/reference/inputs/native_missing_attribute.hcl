name = "web"
port = {a = 1}.b
