import sys
cases = ["x = 1ubuntu\n", "x = 1ubuntu\nz = \"abc\n", "y = 11.4.0-1ubuntu1\n", "x = 1_\n", "x = 1e\n", "x = 0x1g\n", "x = 1.5j2\n", "x = 0b12\n", "x = 0o8\n", "x = 1if 1 else 2\n", "x = [1for x in y]\n", "x = 1and 2\n", "x = 1in y\n", "x = 12abc\n", "x = 1.5abc\n", "x = 1e5x\n", "x = 0xfg\n", "x = 1__0\n", "x = 09\n", "x = 1jx\n", "x = 0_x\n", "x = 0b1_\n", "x = 1.e\n", "y = 2\nx = 3days\n", "x = 1e+\n", "x = 0x\n", "x = 1else\n", "x = 1 if 1else 2\n", "x = 0b1if 1 else 2\n", "x = 0xfor\n", "x = 1_000x\n"]
for c in cases:
    try:
        compile(c, "a", "exec")
        r = "OK"
    except SyntaxError as e:
        r = "%d:%d %s" % (e.lineno, e.offset, e.msg)
    print(repr(c) + "\t" + r)
