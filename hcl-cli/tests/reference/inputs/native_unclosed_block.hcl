name = "web"
listener {
  port = 80
