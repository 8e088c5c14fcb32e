name = "web"
service {
}
service "a" "b" {
}
