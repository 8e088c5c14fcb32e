name = <<EOT
never closed
