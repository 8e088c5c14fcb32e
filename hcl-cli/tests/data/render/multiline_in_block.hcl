service "web" {
  port = <<EOT
eighty

eighty
EOT
}
