module lines

go 1.25
