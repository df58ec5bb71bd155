module args

go 1.25
