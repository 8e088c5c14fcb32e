name = "w\qb"
