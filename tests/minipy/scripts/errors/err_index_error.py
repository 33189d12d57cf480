# Uncaught IndexError from list indexing.
items = [10, 20, 30]
print(items[-1], items[-3])
try:
    items[-4]
except IndexError as e:
    print("caught", e)
i = 0
while True:
    print(items[i])
    i += 1
