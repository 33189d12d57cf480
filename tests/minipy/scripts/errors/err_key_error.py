# Uncaught KeyError from dict lookup.
prices = {"apple": 3, "pear": 4}
for fruit in ["apple", "pear"]:
    print(fruit, prices[fruit])
print(prices.get("banana", "no price"))
def total(basket):
    s = 0
    for item in basket:
        s += prices[item]
    return s
print(total(["apple", "apple", "pear"]))
print(total(["pear", "banana"]))
