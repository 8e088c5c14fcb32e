name = "web" port = 1
