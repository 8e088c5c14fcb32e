n = list(object({
  name    = string
  port    = number
  enabled = bool
  tags    = map(string)
}))
