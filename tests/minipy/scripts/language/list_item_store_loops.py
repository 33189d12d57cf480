# Storing into list items with int indexes inside loops, nested lists, augmented
# assignment and try blocks (the store happens with other values below it on the
# stack), each store followed by calls.


def square(x):
    return x * x


def in_loop(n):
    l = [0] * n
    out = []
    for i in range(n):
        l[i] = square(i)
        out.append(str(len(l)))
        l[-1 - i] = abs(-i)
        out.append(str(square(i)))
    print(" ".join(out), l)


def in_try():
    l = [1, 2]
    try:
        l[0] = 3
        print(len(l))
        l[5] = 4
    except IndexError as e:
        print("IndexError", str(e), len(l))
    l[-1] = 6
    print(abs(-l[-1]), l)


def nested_store(rows):
    for r in range(len(rows)):
        for c in range(len(rows[r])):
            rows[r][c] = rows[r][c] + 1
            rows[r][-1 - c] += 0
        print(len(rows[r]), sum(rows[r]))
    return rows


in_loop(4)
in_try()
print(nested_store([[1, 2], [3, 4, 5]]))
