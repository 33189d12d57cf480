x = [0] * 1000
while True:
    x = x + x
