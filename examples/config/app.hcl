# The configuration of a small web shop, decoded by examples/decode_config.rs.

name    = "shop"
workers = "8"          # a string where a number is expected converts per the spec
debug   = false

allowed_origins = ["https://shop.example.com", "https://admin.example.com"]

database {
  url       = "postgres://db.internal:5432/shop"
  pool_size = 16
}

service "web" {
  port = 8080
  tags = ["public", "http"]
}

service "worker" {
  port     = 9090
  replicas = 3
}

limits {
  requests_per_minute = 600
  burst               = 50
}
