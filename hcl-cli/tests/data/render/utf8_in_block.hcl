service "web" {
  # ÿ
  port = [
    1,
  ]
  # þ
  port = 2 /* é */ }
