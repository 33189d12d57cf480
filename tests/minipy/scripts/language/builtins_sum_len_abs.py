# sum (with optional start), len and abs.
print(sum([1, 2, 3]), sum([]), sum((4, 5)), sum(range(10)), sum([1, 2], 10))
print(sum([0.5, 0.25, 0.125]), sum([1, 2.5]), sum([], 7))
print(sum([[1], [2, 3]], []))
print(sum([True, True, False]))
print(len([1, 2]), len("abc"), len((1,)), len({"a": 1, "b": 2}), len(range(7)), len(""))
print(abs(-5), abs(5), abs(-2.5), abs(0), abs(-0.0), abs(True))
nums = [3, -7, 2, -1]
print(sum([abs(n) for n in nums]))
print(len([x for x in nums if x < 0]))
print(sum(tensor([1, 2, 3]).tolist()))
