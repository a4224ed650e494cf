"""DLPack interchange: arrays of numpy, JAX, PyTorch (anything with
``__dlpack__``) go in without a copy, and results come out as numpy arrays,
which export ``__dlpack__`` themselves (``torch.from_dlpack(y)``,
``jax.dlpack.from_dlpack(y)`` take them without a copy).

The C ABI's tensors are DLPack's DLTensor in host memory, strided: a host
array is handed to the library as it is, strides included. Arrays in
device memory (CUDA, ...) are refused with a TypeError naming the device.
"""

from typing import Any

__all__ = ["from_dlpack", "is_dlpack"]

# DLPack's DLDeviceType values the library accepts: kDLCPU, kDLCUDAHost.
_HOST_DEVICES = (1, 3)


def is_dlpack(value: Any) -> bool:
    """Whether `value` exports the DLPack protocol."""
    return hasattr(value, "__dlpack__") and hasattr(value,
                                                    "__dlpack_device__")


def from_dlpack(value: Any, what: str = "the array") -> Any:
    """A numpy array viewing the memory of the DLPack exporter `value`
    (no copy). Raises TypeError for memory outside the host."""
    from .executable import _numpy
    np: Any = _numpy()
    if isinstance(value, np.ndarray):
        return value
    if not is_dlpack(value):
        raise TypeError("%s (%s) does not export __dlpack__" %
                        (what, type(value).__name__))
    device_type, device_id = value.__dlpack_device__()
    if int(device_type) not in _HOST_DEVICES:
        raise TypeError("%s lives in memory of DLPack device type %d (id %d); "
                        "sdy runs on host memory: copy it to the host first" %
                        (what, int(device_type), device_id))
    return np.from_dlpack(value)
