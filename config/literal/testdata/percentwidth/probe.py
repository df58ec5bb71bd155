import sys
for e in ["'%099999999999999999999999999999d' % 1", "b'%099999999999999999999999999999d' % 1", "'%.99999999999999999999999f' % 1.5", "b'%.99999999999999999999999f' % 1.5", "'%9223372036854775807d' % 1", "'%9223372036854775808d' % 1"]:
    try:
        r = eval(e); print(sys.version.split()[0], e, "ok", len(r))
    except BaseException as x:
        print(sys.version.split()[0], e, "!%s: %s" % (type(x).__name__, x))
