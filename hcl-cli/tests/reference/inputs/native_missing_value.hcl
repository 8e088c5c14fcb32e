name = "web"
  port = 
