name  = "web"
port  = "8080"
tags  = ["public", 2]
where = "${region}:${double(port)}"

listener {
  port = 80
}

service "api" {
  image    = "registry.example.com/api:1.2"
  replicas = 3
}

database {
  url = "postgres://db.internal/app"
}
