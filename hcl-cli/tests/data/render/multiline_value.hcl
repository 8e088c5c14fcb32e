n = <<EOT
hello

world
EOT
