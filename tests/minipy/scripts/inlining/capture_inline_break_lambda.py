# Lambdas and graph breaks: a lambda helper that prints is inlined and breaks inside
# (x - 1 before; x * 2 + 1, * 3 after, in the nested resume function), and a captured
# lambda breaks in its own frame (x + 1, * 2 after). Resume codes of lambdas are named
# with "lambda" (resume_in_f_at_N_via_lambda_at_M, resume_in_lambda_at_N): a name, not
# "<lambda>".
# explain: graphs=3 graph_breaks=2 ops=6 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16_via_lambda_at_12 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: resume_in_lambda_at_17 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=1
# explain-unlisted: the captured lambda's own frame (named <lambda>) breaks at its print
# explain-reason: f@12: print
noisy = lambda x: [print("in the lambda"), x * 2][1] + 1
@capture
def f(x):
    y = x - 1
    return noisy(y) * 3
g = capture(lambda x: [print("captured lambda"), x + 1][1] * 2)
print(f(ones(2)))
print(f(ones(2)))
print(g(ones(2)))
