# A handler logs and re-raises with bare raise; nobody catches it.
def parse(s):
    try:
        if s not in ["1", "2", "12"]:
            raise ValueError("not a known number: " + s)
        return int(s)
    except ValueError:
        print("could not parse", repr(s))
        raise
print(parse("12"))
print(parse("twelve"))
