name = "web"
listener {
  port = 1
}
listener {
  port = 2
}
listener {
}
