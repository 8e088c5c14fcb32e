service "a<b&c>\t\u00e9\u0001\u200b\u001a" {
  port = "x"
}
