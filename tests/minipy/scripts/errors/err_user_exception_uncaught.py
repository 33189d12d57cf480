# Uncaught user exception class with a message.
class ConfigError(Exception):
    pass
class MissingKey(ConfigError):
    def __init__(self, key):
        ConfigError.__init__(self, "missing key: " + key)
def load(cfg, key):
    if key not in cfg:
        raise MissingKey(key)
    return cfg[key]
cfg = {"host": "localhost"}
print(load(cfg, "host"))
print(load(cfg, "port"))
