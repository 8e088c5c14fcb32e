a = var.name + var.port
b = var.obj[var.name]
c = [for s in var.list : s * var.big]
d = twice(var.name, var.obj, var.one)
e = twice()
f = var.name ? var.ratio : var.port
g = "${var.nothing}-${var.text}"
h = var.text + var.name + var.name
