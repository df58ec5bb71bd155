# Copyright (c) OpenMMLab. All rights reserved.
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import torch
from packaging import version
from torch.profiler import record_function

from lmdeploy.pytorch.backends.deepep_state import get_deepep_state
from lmdeploy.pytorch.config import (
    BackendConfig,
    CacheConfig,
    ModelConfig,
    normalize_cudagraph_capture_batch_sizes,
)
from lmdeploy.pytorch.envs import enable_decode_torch_compile, fake_capture
from lmdeploy.pytorch.model_inputs import StepContext, get_step_ctx_manager
from lmdeploy.pytorch.models.utils.cudagraph import CudaGraphMeta
from lmdeploy.pytorch.strategies.base import StrategyFactoryBase
from lmdeploy.utils import get_logger

from ..graph_runner import GraphRunner

if TYPE_CHECKING:
    from .attention import TritonAttentionMetadata

logger = get_logger('lmdeploy')


def next_power_of_2(n: int):
    """Return the smallest power of 2 greater than or equal to n."""
    n -= 1
    n |= n >> 1
    n |= n >> 2
    n |= n >> 4
    n |= n >> 8
    n |= n >> 16
    n |= n >> 32
    n += 1
    return n


@functools.lru_cache
def _get_capture_batch_size_impl(max_batches: int):
    """Capture batch size."""
    ret = []
    batch_size = 1
    batch_step = 256
    # power of 2
    while batch_size <= min(batch_step, max_batches):
        ret.append(batch_size)
        batch_size *= 2

    # step
    ret += list(range(batch_size, max_batches + 1, batch_step))

    if max_batches != ret[-1]:
        ret.append(max_batches)
    return ret


def _false(*args, **kwargs):
    """Default value of not support cuda graph."""
    return False


@functools.lru_cache
def _configure_decode_torch_compile():
    """Configure the Dynamo policy used by decode compilation."""
    from torch._dynamo import config, trace_rules

    # Decode capture intentionally specializes fixed batch buckets. Keep those
    # specializations compiled instead of falling back to eager at the default
    # recompile limit.
    config.recompile_limit = 1024
    config.accumulated_recompile_limit = 1024

    # Dynamo otherwise enters user Triton launchers and may fail on mutable
    # autotune state or infer incorrect fake shapes. The outer CUDA graph still
    # captures these eager kernel launches with the compiled regions around them.
    trace_rules.add('lmdeploy.pytorch.kernels')
    trace_rules.add('lmdeploy.pytorch.third_party.flash_attn_interface')
    trace_rules.add('flash_attn_interface')
    trace_rules.add('triton')


def _get_decode_torch_compile_options(config) -> dict[str, bool]:
    """Build options supported by the installed Inductor version."""
    options = {
        'emulate_precision_casts': True,
        'triton.cudagraphs': False,
    }

    # Division-rounding emulation was added in PyTorch 2.10 and renamed in
    # PyTorch 2.11. Inductor rejects unknown options instead of ignoring them.
    if hasattr(config, 'emulate_divison_rounding'):
        options['emulate_divison_rounding'] = True
    elif hasattr(config, 'eager_numerics') and hasattr(config.eager_numerics, 'division_rounding'):
        options['eager_numerics.division_rounding'] = True

    return options


def _build_decode_model_forward(model: torch.nn.Module) -> Callable[..., Any]:
    """Build the model callable used only while capturing decode graphs."""
    if not enable_decode_torch_compile:
        return model

    if version.parse(torch.__version__) < version.parse('2.8'):
        logger.warning(f'Decode torch.compile requires PyTorch >= 2.8, but found {torch.__version__}; '
                       'using the raw model.')
        return model

    logger.info('Enabling torch.compile for decode CUDA graph capture.')
    _configure_decode_torch_compile()
    from torch._inductor import config
    return torch.compile(
        model,
        fullgraph=False,
        dynamic=False,
        options=_get_decode_torch_compile_options(config),
    )


class CUDASingleGraphRunner:
    """Cuda single graph runner."""

    def __init__(
        self,
        model: torch.nn.Module,
        max_batches: int,
        max_tokens: int,
        num_blocks: int,
        is_decoding: bool,
        decode_query_len: int,
        pool: tuple[int, int],
        model_config: ModelConfig,
        device: torch.device,
        model_forward: Callable[..., Any] | None = None,
    ):
        self.model = model
        self.model_forward = model if model_forward is None else model_forward
        self.ctx_mgr = model.ctx_mgr
        self.model_config = model_config
        step_meta_plan = getattr(self.ctx_mgr, 'backend_step_meta_plan', None)
        if not getattr(step_meta_plan, 'is_supported', False):
            step_meta_plan = None

        self.meta = CudaGraphMeta(
            max_batchs=max_batches,
            max_tokens=max_tokens,
            num_blocks=num_blocks,
            is_decoding=is_decoding,
            device=device,
            input_buffers=dict(),
            output_buffers=dict(),
            vocab_size=self.model_config.vocab_size,
            use_mla_fp8_cache=getattr(self.model_config, 'use_mla_fp8_cache', False),
            use_flash_mla=getattr(self.model_config, 'use_flash_mla', False),
            mla_index_topk=getattr(self.model_config, 'mla_index_topk', None),
            use_fa3_decoding=(model_config.model_paradigm == 'ar_spec'
                              and not getattr(model_config, 'use_flash_mla', False)),
            is_ssm=len(model_config.states_shapes) > 0,
            use_mrope=model_config.use_mrope,
            block_size=model_config.block_size,
            decode_query_len=decode_query_len,
            step_meta_plan=step_meta_plan,
        )
        self.device = device
        self.max_batches = max_batches
        self.max_tokens = max_tokens
        self.num_blocks = num_blocks
        self.is_decoding = is_decoding
        self.pool = pool
        self._graph: torch.cuda.CUDAGraph = None
        self.USE_GRAPH = not fake_capture
        logger.info(f'Initialized CUDASingleGraphRunner with max_batches={max_batches}, max_tokens={max_tokens}, '
                    f'num_blocks={num_blocks}, is_decoding={is_decoding}, use_graph={self.USE_GRAPH}')

    @record_function('capture_cudagraph')
    def capture(self, **kwargs):
        """Capture graph."""
        logger.debug(f'Capturing graph with meta: {self.meta}')
        self.meta.input_buffers = self.model.make_buffers_cudagraph(self.meta, **kwargs)
        padded_kwargs = self.model.fill_buffers_cudagraph(self.meta, **kwargs)
        context = self.ctx_mgr.current_context()
        self.model.update_context_cudagraph(self.meta, context)
        current_stream = torch.cuda.current_stream()

        # warmup
        warmup_output = self.model_forward(**padded_kwargs)
        warmup_buffers = self.model.make_output_buffers(warmup_output)

        if self.USE_GRAPH:
            step_meta_plan = self.meta.step_meta_plan
            if step_meta_plan is not None:
                step_ctx = self.ctx_mgr.current_context()
                assert self.meta.step_meta_buffers is not None
                step_meta_plan.prepare_cudagraph_capture(
                    self.meta,
                    self.meta.input_buffers,
                    step_ctx,
                    self.meta.step_meta_buffers,
                    padded_kwargs['attn_metadata'],
                )

            self._graph = torch.cuda.CUDAGraph()
            # unsafe kernel call in other thread might invalid the capture
            # so we set thread_safe capture mode here.
            with torch.cuda.graph(self._graph,
                                  pool=self.pool,
                                  stream=current_stream,
                                  capture_error_mode='thread_local'):
                output = self.model_forward(**padded_kwargs)
        else:
            output = warmup_output

        output_buffers = self.model.make_output_buffers(output)
        self.meta.output_buffers = output_buffers
        output = self.model.get_outputs_cudagraph(warmup_buffers, **kwargs)
        return output

    @record_function('forward_cudagraph')
    def forward(self, **kwargs):
        """forward."""
        padded_kwargs = self.model.fill_buffers_cudagraph(self.meta, **kwargs)
        context = self.ctx_mgr.current_context()
        self.model.update_context_cudagraph(self.meta, context)
        if self.USE_GRAPH:
            assert self._graph is not None
            self._graph.replay()
            output_buffers = self.meta.output_buffers
        else:
            output = self.model_forward(**padded_kwargs)
            output_buffers = self.model.make_output_buffers(output)
        output = self.model.get_outputs_cudagraph(output_buffers, **kwargs)
        return output

    def __del__(self):
        """del."""
        del self._graph


class CUDAGraphRunner(GraphRunner):
    """Cuda graph runner."""

    def __init__(self, model: torch.nn.Module, model_config: ModelConfig, cache_config: CacheConfig,
                 backend_config: BackendConfig, device: torch.device):
        super().__init__(model, model_config, cache_config, backend_config, device)
        self.max_batches = cache_config.max_batches
        self.num_blocks = cache_config.num_gpu_blocks

        # Speculative decoding on CUDA requires FlashAttention-3 (FA3),
        # unless the model uses FlashMLA (e.g., DeepSeek MTP) which handles
        # multi-token decoding queries natively.
        # FA3 is available on SM80+ (Ampere and above) GPUs with CUDA >= 12.3.
        # Without FA3, the Triton paged attention kernel cannot handle
        # multi-token decoding queries (max_q_seqlen > 1) used in spec decoding.
        if model_config.model_paradigm == 'ar_spec' and not getattr(model_config, 'use_flash_mla', False):
            from .attention import use_fa3
            if not use_fa3:
                sm = torch.cuda.get_device_capability()
                cuda_ver = torch.version.cuda or 'N/A'
                raise RuntimeError(
                    f'Speculative decoding on CUDA requires FlashAttention-3 (FA3), '
                    f'which needs SM80+ (Ampere and above) with CUDA >= 12.3 and '
                    f'flash-attn installed. Detected: SM{sm[0]}.{sm[1]}, CUDA {cuda_ver}. '
                    f'Please ensure your GPU meets SM80+, CUDA >= 12.3, and flash-attn '
                    f'is installed, or disable speculative decoding.')

        self.enable_graph = self.check_enable_graph()
        self.decode_model_forward: Callable[..., Any] | None = None

        self.graph_pool_handle = torch.cuda.graph_pool_handle()
        self._runner_map: dict[Any, CUDASingleGraphRunner] = dict()

        # strategy factory
        build_ctx = model.ctx_mgr.build_ctx
        strategy_factory: StrategyFactoryBase = build_ctx.strategy_factory
        self.cudagraph_strategy = strategy_factory.build_cudagraph_strategy()

    def check_enable_graph(self):
        """Check enable graph."""
        if self.backend_config.eager_mode:
            return _false

        return getattr(self.model, 'support_cuda_graph', _false)

    def _get_decode_model_forward(self) -> Callable[..., Any]:
        """Lazily build the callable used to capture decode graphs."""
        if self.decode_model_forward is None:
            if self.backend_config.device_type == 'cuda':
                self.decode_model_forward = _build_decode_model_forward(self.model)
            else:
                # CAMB and MACA reuse this graph runner, but the compiler policy
                # and Inductor options above are CUDA-specific.
                self.decode_model_forward = self.model
        return self.decode_model_forward

    def _get_capture_tokens(self, batch_size: int):
        """Get capture tokens."""
        cap_sizes = self.get_capture_batch_sizes()
        for size in cap_sizes:
            if size >= batch_size:
                return size
        assert False, f'Unsupported batch_size={batch_size}'

    def get_graph_key(self, input_ids: torch.Tensor, position_ids: torch.Tensor, past_key_values: list,
                      attn_metadata: TritonAttentionMetadata, inputs_embeds: torch.Tensor, **kwargs):
        """Get graph key."""
        context = self.ctx_mgr.current_context()
        is_decoding = context.global_is_decoding()
        batch_size = attn_metadata.q_seqlens.size(0)
        meta = self.get_meta()
        enable_microbatch = get_step_ctx_manager().current_context().enable_microbatch
        query_len = input_ids.size(1) // batch_size
        if meta.padding_batch_size is None:
            batch_size = self._get_capture_tokens(batch_size)
        else:
            batch_size = self._get_capture_tokens(meta.padding_batch_size)
        graph_key = (batch_size, is_decoding, enable_microbatch, query_len)
        graph_key += self.model.get_cudagraph_extra_key(**kwargs)
        return graph_key

    def _prepare_inputs(self, **kwargs):
        """Prepare inputs."""
        assert 'attn_metadata' in kwargs, 'attn_metadata is required for cudagraph.'
        attn_metadata: TritonAttentionMetadata = kwargs['attn_metadata']
        if not attn_metadata.block_offsets.dtype == torch.int32:
            attn_metadata.block_offsets = attn_metadata.block_offsets.to(torch.int32)
        return kwargs

    def _get_max_tokens(self, graph_key: tuple, input_ids: torch.Tensor, q_seqlens: torch.Tensor):
        max_batches = graph_key[0]
        is_decoding = graph_key[1]
        assert is_decoding
        origin_batch_size = q_seqlens.size(0)
        num_tokens = input_ids.size(1)
        return self.cudagraph_strategy.get_max_tokens(max_batches, origin_batch_size, num_tokens)

    def __call__(self, **kwargs):
        """call."""
        kwargs = self._prepare_inputs(**kwargs)
        context = self.ctx_mgr.current_context()
        if get_deepep_state().enabled():
            from lmdeploy.pytorch.backends.cuda.token_dispatcher import DeepEPBuffer, DeepEPMode
            deepep_mode = DeepEPMode.LOW_LATENCY if context.global_is_decoding() else DeepEPMode.NORMAL
            DeepEPBuffer.set_deepep_mode(deepep_mode)

        enable_graph = context.global_is_decoding() and self.enable_graph(**kwargs)

        if not enable_graph:
            with record_function('forward_eager'):
                output = self.model(**kwargs)
                return self.model.make_output_buffers(output)

        graph_key = self.get_graph_key(**kwargs)
        max_batches = graph_key[0]
        is_decoding = graph_key[1]
        decode_query_len = graph_key[3]
        if graph_key not in self._runner_map:
            max_tokens = self._get_max_tokens(graph_key, kwargs['input_ids'], kwargs['attn_metadata'].q_seqlens)
            runner = CUDASingleGraphRunner(
                self.model,
                model_forward=self._get_decode_model_forward(),
                max_batches=max_batches,
                max_tokens=max_tokens,
                num_blocks=self.num_blocks,
                is_decoding=is_decoding,
                decode_query_len=decode_query_len,
                pool=self.graph_pool_handle,
                model_config=self.model_config,
                device=self.device,
            )
            output = runner.capture(**kwargs)
            self._runner_map[graph_key] = runner
            # SSM would update the state in capture(warmup), replay the graph will leads unexpected state update.
            return output
        else:
            runner = self._runner_map[graph_key]
            output = runner.forward(**kwargs)
            return output

    @record_function('prepare_inputs_for_generation')
    def prepare_inputs_for_generation(
        self,
        past_key_values: list[list[torch.Tensor]],
        inputs_embeds: torch.Tensor = None,
        context: StepContext = None,
    ):
        """Prepare inputs."""
        return self.model.prepare_inputs_for_generation(
            past_key_values=past_key_values,
            inputs_embeds=inputs_embeds,
            context=context,
        )

    def reset(self):
        """Remove all graphs to prevent hanging on exit."""
        super().reset()
        self._runner_map.clear()
        if get_deepep_state().enabled():
            from lmdeploy.pytorch.backends.cuda.token_dispatcher import DeepEPBuffer

            if hasattr(DeepEPBuffer, 'destroy'):
                from torch import distributed as dist

                DeepEPBuffer.destroy()
                dist.barrier()

    def update_inputs(self, inputs):
        """Update inputs."""
        if self.backend_config.eager_mode:
            return inputs
        is_decoding = inputs.global_is_decoding()
        dp_meta = inputs.dp_meta
        if is_decoding and dp_meta is not None:
            meta = self.get_meta()
            padding_batch_size = meta.padding_batch_size
            batch_size = inputs.seq_length.size(0)
            query_len = inputs.input_ids.numel() // batch_size
            tp_size = self._get_capture_tokens(padding_batch_size) * query_len
            dp_meta.sync_tp_size(tp_size)
        return inputs

    def get_capture_batch_sizes(self) -> list[int]:
        """Capture batch sizes."""
        if self.cache_config.cudagraph_capture_batch_sizes is not None:
            self.cache_config.cudagraph_capture_batch_sizes = normalize_cudagraph_capture_batch_sizes(
                self.cache_config.cudagraph_capture_batch_sizes, self.cache_config.max_batches)
            return self.cache_config.cudagraph_capture_batch_sizes
        return _get_capture_batch_size_impl(self.cache_config.max_batches)
