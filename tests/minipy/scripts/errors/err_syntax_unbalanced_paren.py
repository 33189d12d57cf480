# Syntax error: unbalanced parenthesis. Nothing runs.
def area(w, h):
    return w * h
print("this line never runs")
x = (1 + 2
print(x)
for i in range(3):
    print(area(i, i))
y = [1, 2, 3]
print(y)
