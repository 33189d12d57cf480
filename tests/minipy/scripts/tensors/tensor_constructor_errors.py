# tensor() errors for ragged input and non-number elements.
def attempt(data):
    try:
        t = tensor(data)
        print("ok", t, t.shape)
    except ValueError as e:
        print("ValueError:", e)
    except TypeError as e:
        print("TypeError:", e)
attempt([[1, 2], [3]])
attempt([[1, 2], 3])
attempt([1, [2, 3]])
attempt([[[1], [2]], [[3], [4, 5]]])
attempt([1, "two"])
attempt(["a"])
attempt([None])
attempt("abc")
attempt([[1, 2], [3, 4]])
attempt([1, [2]])
attempt((1, 2.5))
