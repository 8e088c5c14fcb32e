name = "${"
