# Uncaught AttributeError on a user instance.
class Robot:
    model = "rx"
    def __init__(self, name):
        self.name = name
    def status(self):
        return self.name + " (" + self.model + ")"
r = Robot("r2")
print(r.name, r.status())
print(hasattr(r, "battery_level"), getattr(r, "battery_level", "n/a"))
r.speed = 3
print(r.speed)
print(r.battery_level)
