nmae = "web"
prt = 80
listner {
}
