name = "web"
service "api" { image = "x" replicas = 2 }
