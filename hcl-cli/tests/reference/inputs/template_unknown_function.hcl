name = "web"
where = "${upper(region)}"
