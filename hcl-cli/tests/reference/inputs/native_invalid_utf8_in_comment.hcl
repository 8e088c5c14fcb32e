# café
name = "web"
