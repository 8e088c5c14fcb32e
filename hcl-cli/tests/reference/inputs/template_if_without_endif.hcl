name = "%{ if true }yes"
