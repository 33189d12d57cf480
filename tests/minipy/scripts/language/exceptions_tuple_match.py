# Exception matching by tuple of classes and by base class.
class AppError(Exception):
    pass
class DbError(AppError):
    pass
def fail(i):
    if i == 0:
        raise KeyError("key")
    if i == 1:
        raise IndexError("idx")
    if i == 2:
        raise DbError("db down")
    if i == 3:
        raise ZeroDivisionError("zero")
    raise TypeError("type")
for i in range(5):
    try:
        fail(i)
    except (KeyError, IndexError) as e:
        print("lookup problem", repr(e))
    except (AppError,) as e:
        print("app problem", e, isinstance(e, DbError))
    except (ValueError, ZeroDivisionError, TypeError) as e:
        print("other problem", repr(e))
errs = (ValueError, TypeError)
try:
    raise TypeError("via variable")
except errs as e:
    print("matched tuple variable:", e)
try:
    raise DbError("x")
except Exception as e:
    print("Exception catches subclass", repr(e))
