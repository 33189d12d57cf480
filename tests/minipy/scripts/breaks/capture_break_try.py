# try/except and try/finally inside a captured frame run eagerly; the handler works.
# explain: graphs=0 graph_breaks=2 ops=0 recompiles=0 frames_captured=0
# explain-frame: safe_div graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: with_finally graphs=0 unsupported=1 cache_entries=1 recompiles=0
@capture
def safe_div(x, y):
    try:
        r = x / y
    except ZeroDivisionError:
        r = x * 0.0
    return r
@capture
def with_finally(x):
    try:
        return x * 2
    finally:
        print("finally ran")
print(safe_div(tensor([1.0, 2.0]), tensor([4.0, 8.0])))
print(safe_div(tensor([1.0, 2.0]), tensor([4.0, 0.0])))
print(with_finally(tensor([3, 4])))
