# Sequence repetition and concatenation with * and +.
print([0] * 3, [1, 2] * 2, 3 * [None], [] * 5, [7] * 0)
print("ab" * 3, 2 * "xy", "z" * 0 + "|")
print((1, 2) * 2, (0,) * 3)
row = ["."] * 4
grid = [row[:] for i in range(2)]
grid[0][1] = "#"
print(grid)
print("-" * 20)
line = "=" * 5 + " title " + "=" * 5
print(line, len(line))
print([[0] * 2] * 2)
