name = "web"
database {
}
database {
  url = "x"
}
