name = "web"
name = "api"
