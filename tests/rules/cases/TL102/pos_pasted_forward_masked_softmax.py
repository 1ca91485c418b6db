# The forward of an attention block, pasted without its class (the layers are `self.`'s).
def forward(self, x, key_padding_mask):
    B, T, D = x.shape
    q = self.q_proj(x).view(B, T, self.n_heads, self.d_head).transpose(1, 2)
    k = self.k_proj(x).view(B, T, self.n_heads, self.d_head).transpose(1, 2)
    v = self.v_proj(x).view(B, T, self.n_heads, self.d_head).transpose(1, 2)

    scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)
    attn = scores.softmax(dim=-1)
    attn.masked_fill_(key_padding_mask[:, None, None, :], 0.0)  # expect: TL102
    attn = attn / attn.sum(dim=-1, keepdim=True).clamp(min=1e-9)

    out = (attn @ v).transpose(1, 2).reshape(B, T, D)
    return self.out_proj(out)
