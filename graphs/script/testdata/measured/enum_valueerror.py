# Stand-in for accelerate@16cb6eb8 src/accelerate/utils/dataclasses.py DynamoBackend(str, BaseEnum):
# measures the message Python's Enum raises for a value not in the enum, after .upper().
import enum, sys
class EnumWithContains(enum.EnumMeta):
    pass
class BaseEnum(enum.Enum, metaclass=EnumWithContains):
    pass
class DynamoBackend(str, BaseEnum):
    NO = "NO"
    INDUCTOR = "INDUCTOR"
print(sys.version.split()[0])
print(DynamoBackend("Inductor".upper()).value.lower())
try:
    DynamoBackend("tensorrt_x".upper())
except ValueError as e:
    print(type(e).__name__ + ": " + str(e))
