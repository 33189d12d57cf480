# User exception subclasses with custom __init__, attributes and __str__.
class AppError(Exception):
    pass
class NotFound(AppError):
    def __init__(self, name):
        Exception.__init__(self, "not found: " + name)
        self.name = name
class Invalid(ValueError):
    def __init__(self, field, value):
        ValueError.__init__(self, field, value)
        self.field = field
    def __str__(self):
        return "invalid " + self.field
try:
    raise NotFound("config.txt")
except AppError as e:
    print(e, "|", e.name, "|", e.args, "|", repr(e))
try:
    raise Invalid("age", -1)
except ValueError as e:
    print(e, "|", e.args, "|", e.field, "|", repr(e))
try:
    raise AppError
except AppError as e:
    print("raised class:", repr(e), e.args)
class Empty(Exception):
    pass
print(repr(Empty()), "[" + str(Empty()) + "]")
print(isinstance(NotFound("x"), Exception), isinstance(Invalid("a", 1), AppError))
def lookup(d, k):
    if k not in d:
        raise NotFound(k)
    return d[k]
for key in ["a", "b"]:
    try:
        print(lookup({"a": 1}, key))
    except NotFound as e:
        print("handled", e.name)
