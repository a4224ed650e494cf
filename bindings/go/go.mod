module sdy

go 1.19
