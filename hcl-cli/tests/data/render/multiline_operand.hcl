n = 1 + <<EOT
hello

world
EOT
